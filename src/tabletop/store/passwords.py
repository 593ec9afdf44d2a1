"""Password hashing with argon2id (argon2-cffi's recommended parameters).

Only hashes are stored. `verify` also says when a stored hash was made with weaker
parameters than today's, so the store can upgrade it at the next successful log-in.
"""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_HASHER = PasswordHasher()

MIN_PASSWORD_LENGTH = 8
MAX_PASSWORD_LENGTH = 200


def hash_password(password: str) -> str:
    """The argon2id hash to store for `password`."""
    return _HASHER.hash(password)


def verify(password_hash: str, password: str) -> bool:
    """True when `password` matches the stored hash; never raises on a wrong password."""
    try:
        return _HASHER.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    """True when the hash was made with other parameters than the current ones."""
    return _HASHER.check_needs_rehash(password_hash)
