package trace

import "testing"

func TestWidth(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"", 0},
		{"W1 parks", 8},
		{"W1 挂起", 7},
		{"成功（看到 nullptr）", 20},
	}
	for _, tt := range tests {
		if got := width(tt.s); got != tt.want {
			t.Errorf("width(%q) = %d; want %d", tt.s, got, tt.want)
		}
	}
}
