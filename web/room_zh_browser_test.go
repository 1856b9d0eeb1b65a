package web_test

import (
	"net/url"
	"strings"
	"testing"
)

// TestRoomErrorInChinese: on a room's pages in Chinese, the server's
// answer to a command it refuses is shown in Chinese. The presenter runs
// the lesson to its end and asks which thread moves next, which the
// server refuses: there is no next step.
func TestRoomErrorInChinese(t *testing.T) {
	b := newBrowser(t)
	code, token := openRoom(t, b.base, "wg-lost-wakeup")
	pres := b.open(t, "/room/"+code+"/present?lang=zh&lesson=wg-lost-wakeup&token="+url.QueryEscape(token))
	pres.wait(`document.querySelector('#room').dataset.welcomed === "true"`)
	pres.finish()
	pres.click(`#room-ask button[data-kind="thread"]`)
	pres.wait(`document.querySelector('#room-status').textContent !== ""`)
	got := pres.text(`#room-status`)
	if !strings.Contains(got, "运行已经结束") || strings.Contains(got, "the run is over") {
		t.Errorf("the refused poll says %q on a page in Chinese; want it in Chinese", got)
	}
	pres.shot("room-presenter-error-zh")
	b.checkErrors(t)
}
