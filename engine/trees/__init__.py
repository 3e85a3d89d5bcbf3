"""Decision trees: a strategy's tree walked whole or a level at a time, and trees
written by others (several formats) read and checked.
"""
