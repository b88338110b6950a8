package mb

// Decode2Scalar exports decode2Scalar to the external tests.
var Decode2Scalar = decode2Scalar
