"""Routes: what one ACLNN entry point launches and allocates under given facts, with the guards on the way."""
