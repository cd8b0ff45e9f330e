"""``python -m envfactory_gym.eval eval|view ...``."""

import sys

from envfactory_gym.eval.cli import main

sys.exit(main())
