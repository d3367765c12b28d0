"""Speed and memory figures, run on demand (``python -m benchmarks.<name>``), never as tests."""
