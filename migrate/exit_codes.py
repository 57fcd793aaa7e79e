"""Named process exit codes; 1 is reserved for findings, violations and failed inputs."""

OK = 0
FINDINGS = 1
USAGE = 2
