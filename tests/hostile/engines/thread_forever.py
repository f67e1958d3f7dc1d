"""Starts a non-daemon thread that never ends, then os._exit(0)s."""

import os
import threading
import time

from _base import *  # noqa: F403
from _base import BaseCluster


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        threading.Thread(target=lambda: time.sleep(3600)).start()
        os._exit(0)
