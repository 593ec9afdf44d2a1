"""Keeps pytest's doctest collection out of Alembic's scripts: they run only inside Alembic."""

collect_ignore = ["env.py", "versions"]
