"""Training the ``toponym`` recogniser: corpora to spaCy training data, config, runs, scores.

Nothing here runs at parse time; ``make train-ner`` drives it (see docs/recognition-model.md).
"""
