"""Passes for the conventions newspapers write toponyms by (datelines, area abbreviations,
lists, peoples, kinds' words)."""
