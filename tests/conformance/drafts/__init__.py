"""Hand-written conformance cases, one module per built-in variant (``build.py`` writes
them to ``conformance/cases/``)."""
