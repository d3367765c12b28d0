"""``python -m rummy_spec.cli``: the same as the ``rummy-spec`` console script."""

import sys

from . import main

sys.exit(main())
