"""Speed and memory (``make bench``, ``make bench-eval``), as ratios against a baseline."""
