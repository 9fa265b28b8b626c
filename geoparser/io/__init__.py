"""Reading and writing: gold and prediction documents, bulk records, input sources, output
writers, GeoJSON, and atomic file writes."""
