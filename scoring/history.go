package scoring

// history is a pass's record of every node it kept: the node's parent and
// the role its cell took, enough to walk back from the best party's last
// node. Big pools keep millions of nodes, so a node is one uint32 (the
// parent's id+1 above the 3 bits of the role), and the nodes sit in
// fixed-size chunks: growing never copies, nor holds twice the memory
// as a doubling slice does at the moment it grows.
type history struct {
	chunks [][]uint32
	n      int
}

const (
	historyChunkBits = 15
	historyChunk     = 1 << historyChunkBits
	roleBits         = 3 // roleFlushWild, the highest role, fits
)

func (h *history) reset() { h.n = 0 }

func (h *history) len() int { return h.n }

// addLink records a node, its parent and role packed (see pack), and
// returns its id.
func (h *history) addLink(link uint32) int32 {
	c := h.n >> historyChunkBits
	if c == len(h.chunks) {
		h.chunks = append(h.chunks, make([]uint32, historyChunk))
	}
	h.chunks[c][h.n&(historyChunk-1)] = link
	h.n++
	return int32(h.n - 1)
}

// at returns node id's parent (-1 for the root) and role.
func (h *history) at(id int32) (int32, uint8) {
	v := h.chunks[id>>historyChunkBits][id&(historyChunk-1)]
	return int32(v>>roleBits) - 1, uint8(v & (1<<roleBits - 1))
}

func pack(parent int32, role uint8) uint32 { return uint32(parent+1)<<roleBits | uint32(role) }
