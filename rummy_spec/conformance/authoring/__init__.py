"""Writing the suite and the kits: cases, the generated parts, the exported suite, an
implementer's starter."""
