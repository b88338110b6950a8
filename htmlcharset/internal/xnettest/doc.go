// Package xnettest compares package htmlcharset with the package it
// replaces, golang.org/x/net/html/charset. It is a module of its own so
// that x/net never enters the dependency list of github.com/ucskit/ucs;
// scripts/test.d/30-xnet.sh runs its tests.
package xnettest
