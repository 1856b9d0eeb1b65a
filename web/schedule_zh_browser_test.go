package web_test

import (
	"strings"
	"testing"
)

// TestScheduleErrorInChinese types schedules that fail into the lesson
// page's box on a page in Chinese: the error that points at the failing
// step says why in Chinese, for a step that cannot be taken and for a
// token that does not parse, and a link with a bad schedule says it in
// Chinese on the page.
func TestScheduleErrorInChinese(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	p := b.open(t, "/lesson/wg-lost-wakeup?lang=zh&edit=1")
	p.wait(`document.querySelector('[data-testid="schedule-text"]')`)
	tests := []struct {
		schedule, token string
		want            []string
	}{
		{"W1, D1*3", "D1*3", []string{"第 4 步无法执行", "D1 不能前进：D1 已经结束"}},
		{"W1 W1*0", "W1*0", []string{"这里无法读取", "第 1 行第 4 列", "重复次数必须是 1 到 100000 之间的整数"}},
		{"W1@G1 W1@G7", "W1@G7", []string{"第 2 步无法执行", "W1 停在 G2，而不是 G7"}},
	}
	for i, tt := range tests {
		p.typeSchedule(tt.schedule)
		p.press(`[data-testid="edit"] button[data-action="run-schedule"]`)
		p.wait(`!document.querySelector('[data-testid="schedule-error"]').hidden && document.querySelector('[data-testid="bad-token"]') && document.querySelector('[data-testid="bad-token"]').textContent === "` + tt.token + `"`)
		got := p.text(`[data-testid="schedule-error"]`)
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: the error says %q; want %q", tt.schedule, got, w)
			}
		}
		if strings.Contains(got, "bad schedule") || strings.Contains(got, "cannot") || strings.Contains(got, "调度有误") {
			t.Errorf("%s: the error says %q, in English or with its prefix", tt.schedule, got)
		}
		if i == 0 {
			p.shot("schedule-error-zh-1280")
		}
	}

	link := b.open(t, "/lesson/wg-lost-wakeup?lang=zh&schedule=W1,D1*3")
	if got := link.text(`body`); !strings.Contains(got, "第 4 步（D1）失败：D1 不能前进：D1 已经结束") {
		t.Errorf("the page of a link with a bad schedule does not say why in Chinese")
	}
	b.checkErrors(t)
}
