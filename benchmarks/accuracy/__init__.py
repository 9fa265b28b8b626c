"""Accuracy on the captions and the public corpora (opt-in; ``make bench-accuracy``)."""
