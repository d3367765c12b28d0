"""The suite's files: case files, house variants, known deviations, and YAML and JSON
Schema read within bounds."""
