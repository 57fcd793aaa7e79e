"""Op types claimed by CANN installs and the open operator trees, and the check that ops/ reuses none with another prototype."""
