"""Playing: the code breaker with its trace, the rules of a game and a match's rounds."""
