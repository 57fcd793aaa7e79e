"""Names ops-math and CANN already hold: op types with their prototypes (claims) and the L0 functions its experimental build links (l0_links)."""
