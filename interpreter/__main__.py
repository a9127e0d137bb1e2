"""`python -m interpreter ...` is `cardspec ...`."""

import sys

from .cli import main

sys.exit(main())
