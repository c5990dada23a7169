"""One JupyterLab and one Chromium for the browser tests that need nothing else of their own (the
widget, the course's notebooks, the board game): started once, each file adding its notebooks to
it. Starting them costs about 12 s of CPU (the server 3.5 s, Chromium 1 s, JupyterLab's first page
7 s), where opening one more notebook in the page costs 1 s; under ``make test`` those files go to
one worker together (``SHARED_LAB`` in tests/conftest.py), so that it is paid once, not four times."""

from __future__ import annotations

import pytest

from harness import Lab, require_browser


@pytest.fixture(scope="session")
def shared_lab():
    """The JupyterLab (and its Chromium) of every file that asks for it in this process."""
    require_browser()
    with Lab() as lab:
        yield lab
