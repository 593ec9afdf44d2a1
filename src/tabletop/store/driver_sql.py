"""Core statements compiled once for the engine's dialect and sent as driver SQL.

`Connection.execute` of a Core statement looks its compiled form up in the statement
cache, builds a compiled execution context and runs every parameter through its type on
each call. For the two statements of a move batch that cost more CPU than the database's
own work: 86 µs against 50 µs per one-move batch on an in-memory SQLite
(`tabletop bench writes`, and `tabletop bench messages` "to play"). A `DriverStatement`
does the compiling and the choice of each parameter's bind processor once, then sends its
rows with `Connection.exec_driver_sql`, which still fires the engine's events (the write
benchmark counts statements, rows and commits through them) and raises SQLAlchemy's
exceptions (an `IntegrityError` for a second move at a seq).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Dialect
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

Processor = Callable[[Any], Any]


@dataclass(frozen=True)
class DriverStatement:
    """One statement as the driver takes it: its SQL text and how to turn a row into parameters."""

    sql: str
    names: tuple[str, ...]
    """The parameters' names, in the order of a positional driver's placeholders."""
    processors: tuple[Processor | None, ...]
    positional: bool

    @classmethod
    def compiled(
        cls, statement: ClauseElement, dialect: Dialect, names: Sequence[str] = ()
    ) -> DriverStatement:
        """`statement` for `dialect`; `names` lists an INSERT's columns (its bound parameters).

        >>> from sqlalchemy import column, table, insert
        >>> from sqlalchemy.dialects import sqlite
        >>> moves = table("moves", column("seq"), column("seat"))
        >>> DriverStatement.compiled(insert(moves), sqlite.dialect(), ["seq", "seat"]).sql
        'INSERT INTO moves (seq, seat) VALUES (?, ?)'
        """
        compiled = statement.compile(dialect=dialect, column_keys=list(names) or None)
        if not isinstance(compiled, SQLCompiler):
            raise TypeError(f"a DriverStatement is a query or DML statement; got {type(statement).__name__}")
        order = tuple(compiled.positiontup or compiled.binds)
        processors = tuple(
            compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect) for name in order
        )
        return cls(compiled.string, order, processors, bool(compiled.positional))

    def execute(self, connection: Connection, rows: Sequence[Mapping[str, Any]]) -> None:
        """Sends the statement once for all `rows` (executemany), each row's values by name."""
        connection.exec_driver_sql(self.sql, [self._parameters(row) for row in rows])

    def _parameters(self, row: Mapping[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
        values = [
            row[name] if process is None else process(row[name])
            for name, process in zip(self.names, self.processors, strict=True)
        ]
        return tuple(values) if self.positional else dict(zip(self.names, values, strict=True))
