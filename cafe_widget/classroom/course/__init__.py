"""The course as an nbgrader course (``python -m cafe_widget.classroom make-course DIR``):
:mod:`.exercises` reads the course's numbered exercises, :mod:`.notebooks` makes one
assignment a teaching notebook (the right answers computed by the engine), :mod:`.writing`
writes the course's folder and its configuration, :mod:`.cli` is the command. What a graded
notebook and nbgrader import by name stays beside this folder: :mod:`..grading`,
:mod:`..autograde`."""
