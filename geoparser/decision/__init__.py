"""The span decision: one learned, calibrated judgement over every toponym the recognisers
propose, after resolution has placed it.

Every proposal (the tagger's spans with their probabilities, the organisation pass, each
convention rule, names read again) reaches resolution; then ``span_decision.SpanDecision``
reads each resolved span's evidence (``features``: which part proposed it and how sure it was,
how common the words are as English words and as people's names, whether the story names the
same word as a person, the words around a people's adjective, the kind of name the span opens
or closes ("[Colorado] State University"), the place resolution chose and
how sure it was, the document's other toponyms) and gives two calibrated probabilities: that
the span is a toponym (``span_probability``; below the chosen threshold the span is dropped),
and that it is one *and* its point lies within 161 km of the right one (``marker_confidence``;
below the minimum the toponym is kept but left unplaced). The models are trained out of fold
on the shared corpora by ``make train-decision`` (``benchmarks/training/train_decision.py``).
"""
