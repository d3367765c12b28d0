"""Reports of a run and the compliance matrix: terminal, JSON, JUnit and HTML."""
