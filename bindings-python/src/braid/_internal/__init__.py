"""Internals of the binding; nothing here is API."""
