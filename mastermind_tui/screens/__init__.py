"""One module per screen: home, play (you break), make (the computer breaks), watch, stats."""
