// expect: 3:10: a domain needs at least one value, not 0
import "poker.cp"
override Faces = 0
categories Flush
