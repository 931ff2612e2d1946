"""The engine contract shared by every rule system: matches, decisions, views, records.

Its modules are imported by name inside the engine; what the front ends use is exported
from one place, `engine/__init__.py`.
"""
