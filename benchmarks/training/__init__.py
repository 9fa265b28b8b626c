"""Training the shipped models: the ``learned`` ranker and the ``toponym`` NER (opt-in)."""
