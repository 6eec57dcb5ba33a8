// expect: 2:9: unexpected '}'
Wild = {}
