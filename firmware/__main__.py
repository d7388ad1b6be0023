"""``python -m firmware`` is the ``cullsboard`` command."""

import sys

from firmware.cli import main

sys.exit(main())
