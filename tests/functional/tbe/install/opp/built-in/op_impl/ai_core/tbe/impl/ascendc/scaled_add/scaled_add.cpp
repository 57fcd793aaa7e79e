// A fixture kernel source: the analyzer only checks that the file the wrapper names exists.
