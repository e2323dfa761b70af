package handlers

import "testing"

// TestLoginLimitsOf: the -logins-per-minute number, 0 (the default) and
// below 0 (none).
func TestLoginLimitsOf(t *testing.T) {
	t.Parallel()
	if l := loginLimitsOf(-1); l != nil {
		t.Errorf("below 0: %+v, want no limits", l)
	}
	if l := loginLimitsOf(0); l == nil || l.perMinute != loginsPerMinute || l.burst != loginBurst {
		t.Errorf("0: %+v, want the default %d a minute", l, loginsPerMinute)
	}
	l := loginLimitsOf(100)
	if l == nil || l.perMinute != 100 || l.burst != 100 || l.totalPerMinute < 100 {
		t.Errorf("100: %+v, want 100 a minute per client, and no fewer for all", l)
	}
}
