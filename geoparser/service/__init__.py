"""``toposcope serve``: the geoparser as a local HTTP service (JSON API) and a page to paste
text into (``app``)."""
