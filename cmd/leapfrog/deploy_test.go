package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// checkArgs fails the test unless args name a command of the app and only
// flags it has.
func checkArgs(t *testing.T, where string, args []string) {
	t.Helper()
	cmds := newApp(nil, nil, nil).Commands
	var cmd *cli.Command
	i := 0
	for ; i < len(args) && !strings.HasPrefix(args[i], "-"); i++ {
		var next *cli.Command
		for _, c := range cmds {
			if c.Name == args[i] {
				next = c
			}
		}
		if next == nil {
			break
		}
		cmd, cmds = next, next.Subcommands
	}
	if cmd == nil || len(cmd.Subcommands) > 0 {
		t.Fatalf("%s: %v names no command", where, args)
	}
	for ; i < len(args); i++ {
		name, found := strings.CutPrefix(args[i], "--")
		if !found {
			continue // a flag's value
		}
		name, _, _ = strings.Cut(name, "=")
		ok := false
		for _, f := range cmd.Flags {
			ok = ok || slices.Contains(f.Names(), name)
		}
		if !ok {
			t.Errorf("%s: %s has no flag --%s", where, cmd.FullName(), name)
		}
	}
}

// TestDeployFiles: the systemd unit, the container and the Kubernetes
// Deployment in deploy/ parse, and run leapfrog commands with flags it
// has, the cluster's URL in LEAPFROG_NATS.
func TestDeployFiles(t *testing.T) {
	dir := filepath.Join("..", "..", "deploy")
	// systemd: ExecStart and the environment file.
	f, err := os.Open(filepath.Join(dir, "leapfrog-worker.service"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sections, exec := map[string]bool{}, ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			sections[line] = true
		case strings.Contains(line, "="):
			if k, v, _ := strings.Cut(line, "="); k == "ExecStart" {
				exec = v
			}
		default:
			t.Errorf("leapfrog-worker.service: %q is neither a section nor a setting", line)
		}
	}
	if !sections["[Unit]"] || !sections["[Service]"] || !sections["[Install]"] || exec == "" {
		t.Fatalf("leapfrog-worker.service: sections %v, ExecStart %q", sections, exec)
	}
	checkArgs(t, "systemd", strings.Fields(exec)[1:])
	// The container: ENTRYPOINT and CMD as JSON arrays.
	data, err := os.ReadFile(filepath.Join(dir, "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	var entry, cmd []string
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "ENTRYPOINT "); ok {
			if err := json.Unmarshal([]byte(v), &entry); err != nil {
				t.Errorf("Dockerfile ENTRYPOINT: %v", err)
			}
		}
		if v, ok := strings.CutPrefix(line, "CMD "); ok {
			if err := json.Unmarshal([]byte(v), &cmd); err != nil {
				t.Errorf("Dockerfile CMD: %v", err)
			}
		}
	}
	if len(entry) != 1 || !strings.HasPrefix(string(data), "#") || !strings.Contains(string(data), "go build -o /leapfrog ./cmd/leapfrog") {
		t.Errorf("Dockerfile: entrypoint %v", entry)
	}
	checkArgs(t, "Dockerfile", cmd)
	// Kubernetes: a Deployment whose container runs a worker.
	data, err = os.ReadFile(filepath.Join(dir, "k8s-worker.json"))
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		APIVersion, Kind string
		Spec             struct {
			Replicas int
			Template struct {
				Spec struct {
					Containers []struct {
						Args []string
						Env  []struct{ Name string }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatalf("k8s-worker.json: %v", err)
	}
	cs := d.Spec.Template.Spec.Containers
	if d.APIVersion != "apps/v1" || d.Kind != "Deployment" || d.Spec.Replicas < 1 || len(cs) != 1 || len(cs[0].Env) == 0 || cs[0].Env[0].Name != "LEAPFROG_NATS" {
		t.Fatalf("k8s-worker.json: %+v", d)
	}
	checkArgs(t, "Kubernetes", cs[0].Args)
	if !slices.Contains(natsFlag.EnvVars, "LEAPFROG_NATS") {
		t.Error("--nats does not read LEAPFROG_NATS")
	}
}
