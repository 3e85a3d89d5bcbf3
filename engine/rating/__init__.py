"""Rating a person's guesses against the best guess in each position, where the
ratings of a first guess come from, and the exact rule in a helper process.
"""
