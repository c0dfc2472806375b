"""The store: the source of truth for every table, seat, action and chat line."""

from takeover.server.storage.repository import Repository, StaleWrite, TableRecord
from takeover.server.storage.store import Store

__all__ = ["Repository", "StaleWrite", "Store", "TableRecord"]
