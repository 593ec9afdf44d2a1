"""Tests that drive Debian's Chromium through Playwright."""
