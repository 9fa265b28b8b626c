"""All of Toposcope's measuring code, opt-in and never part of ``make test``.

``accuracy/`` (accuracy on the captions and the public corpora), ``speed/`` (throughput and
memory, ratios against a baseline measured in the same run), ``training/`` (the shipped
models' training), and ``public_corpora.py`` which accuracy and training share. Each module
runs as ``python -m benchmarks.<part>.<module>`` from the repository root.
"""
