"""The class's progress: :mod:`.grades` reads the progress files students hand in and
nbgrader's ``grades.csv``; :mod:`.summary` prints the class's table and its heat map
(``python -m cafe_widget.classroom summary FILES…``)."""
