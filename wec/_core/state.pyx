# cython: language_level=3
"""Declarations only: see state.pxd."""
