"""``make bench``: throughput and memory of ``toposcope parse`` against the bare spaCy model.

Opt-in and slow (minutes); never part of ``make test``. Figures are ratios measured in the same
run, so the machine's speed (and its other load) affects both sides alike.
"""
