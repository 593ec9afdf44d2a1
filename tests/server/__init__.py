"""Tests of the server: service, pages, API, WebSockets, restarts."""
