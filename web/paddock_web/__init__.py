"""Paddock's browser tables: a small DOM layer in Python over the pygames engines."""
