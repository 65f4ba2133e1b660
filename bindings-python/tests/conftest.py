import os
import sys

APPS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "apps")
if APPS not in sys.path:
    sys.path.insert(0, APPS)
