"""Widgets of the full-screen game: they draw what a screen gives them and post messages."""
