"""Passes for social text (hashtags)."""
