package cli

// chunkSize is how much input the command reads or buffers at a time; it
// is the read size of package transcode, which streams the commands'
// input, so that memory stays bounded by a small multiple of it.
const chunkSize = 256 << 10
