"""What the harness writes for people: the coursework answer and report, comparisons, maps,
plots, and the text, Markdown, CSV and JSON renderings of a score."""
